// After lines joined by a backslash, a blank line ends ReShade's miscount: the preprocessor
// writes no blank lines, so the next line comes after a `#line` with its own number.
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float x = 1.0 + \
        2.0;

    float y = undeclared_name;
    return x;
}

technique T { pass { PixelShader = PS; } }
