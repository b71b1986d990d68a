// a nested call whose argument is bracketed (preprocessor push, expand_macro)
#include "../case.fxh"
#define INNER(t) uniform int _h < ui_text = t; >;
#define OUTER(t) INNER((t))
OUTER("a"
Missing "b"
"c")
static const float x = undeclared;
