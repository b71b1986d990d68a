// After lines joined by a backslash, a line holding only a comment ends ReShade's miscount as a
// blank line does (the preprocessor writes nothing for it).
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float x = 1.0 + \
        2.0;
    // nothing here
    float y = undeclared_name;
    return x;
}

technique T { pass { PixelShader = PS; } }
