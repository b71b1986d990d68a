// `#ifndef` without a name inside a skipped group: ReShade reads the name before it looks at
// whether the group is skipped, so this is an error all the same (and opens no group, so the
// `#endif` after it closes the outer `#if`, and the last `#endif` is one too many).
#if 0
    #ifndef
        #define STEPS 24
    #endif
#endif

float4 PS(float4 pos : SV_Position) : SV_Target { return 1.0; }

technique T { pass { PixelShader = PS; } }
