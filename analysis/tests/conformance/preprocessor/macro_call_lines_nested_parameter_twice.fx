// a nested call given the same multi-line argument twice (preprocessor push, expand_macro)
#include "../case.fxh"
#define INNER(t, u) uniform int _h < ui_text = t; ui_label = u; >;
#define OUTER(t) INNER(t, t)
OUTER("a"
Missing "b"
"c")
static const float x = undeclared;
