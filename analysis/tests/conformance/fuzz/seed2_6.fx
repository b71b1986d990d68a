// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 42; Height = 16; Format = RGB10A2; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = POINT; MagFilter = LINEAR; };
uniform uint FuzzU < ui_type = "drag"; ui_min = 4.8; ui_label = "U"; > = 1u;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (FuzzU.x)
    {
        uint v2 = frac(length(countbits(FuzzU)));
        break;
    }
    switch (2)
    {
        v2 <<= +uv.g;
    }
    switch (((2 >> v3._m22) <= exp2(((int)float3x3(4.1, 0.8, 3.3, 2.7, 2.3, 1.1, 3.9, 3.8, 0.4)))))
    {
        switch (v4)
        {
        }
    }
    switch (((int)(v5.z & ((float)v5))))
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = 1; ColorWriteMask = 15; } }
