// a nested call after more of the outer body (preprocessor push, expand_macro)
#include "../case.fxh"
#define INNER(t) uniform int _h < ui_text = t; >;
#define OUTER(t) static const int y = 1; INNER(t)
OUTER("a"
Missing "b"
"c")
static const float x = undeclared;
