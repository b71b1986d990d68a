// a constructor's non-numeric argument is reported when it is read, before a missing ')'
#include "../case.fxh"
uniform bool B <
    ui_tooltip =
        float3("first part "
        "second part";
> = true;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return B; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
