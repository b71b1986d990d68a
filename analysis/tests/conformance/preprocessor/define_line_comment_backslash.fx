// A line comment ending in a backslash inside a #define: ReShade's lexer skips the comment to
// its newline, so the macro ends there and the lines after it are code.
#define PASS_STATES \
    BlendOp = ADD; // the rest is not continued \
    SrcBlend = ONE;

float4 PS(float4 pos : SV_Position) : SV_Target { return 1.0; }

technique T
{
    pass
    {
        PASS_STATES
        PixelShader = PS;
    }
}
