// a call through two macros that each call the next (preprocessor push, expand_macro)
#include "../case.fxh"
#define INNER(t) uniform int _h < ui_text = t; >;
#define OUTER(t) INNER(t)
#define OUTER2(t) OUTER(t)
OUTER2("a"
Missing "b"
"c")
static const float x = undeclared;
