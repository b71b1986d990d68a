// what is read of a function left open at the end of the text is still checked: the block after its 'return' is unreachable code, the first error, before the syntax errors that follow (found by fx_diff_fuzz, seed 16, in a corpus mutant)
#include "../case.fxh"
float Luma(float3 c)
{
    return dot(c, 0.333);
{}

struct S
{
    float x;
};
