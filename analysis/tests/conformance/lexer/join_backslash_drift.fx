// Three lines joined by backslashes (6 to 8): ReShade numbers them from the last one (8, 9,
// 10), and the lines that follow go on from there (line 9 is reported as 11) until a blank
// line brings a `#line` again.
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float x = 1.0 + \
        2.0 + \
        3.0;
    float y = undeclared_name;
    return x;
}

technique T { pass { PixelShader = PS; } }
