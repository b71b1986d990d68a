// A backslash before a newline outside a directive joins two lines into one logical line.
// ReShade writes that line after `#line 7` (the line its newline ends) and keeps the backslash
// and its newline, so an error on line 6 is reported on line 7.
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float x = undeclared_name + \
        1.0;
    return x;
}

technique T { pass { PixelShader = PS; } }
