// A block comment across lines joins them into one logical line, written after `#line 7` with
// the comment (and its newlines) left out: an error before the comment is reported on line 7.
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float x = undeclared_name /* a comment
        that goes on
        */ + 1.0;
    return x;
}

technique T { pass { PixelShader = PS; } }
