// A block comment across lines drops its newlines from ReShade's output, so the lines after it
// keep their numbers (unlike a backslash join).
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float x = 1.0 /* a comment
        that goes on
        */ + 1.0;
    float y = undeclared_name;
    return x;
}

technique T { pass { PixelShader = PS; } }
