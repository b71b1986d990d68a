// an open #if is found at the end of the file before a macro call still reading its arguments there
#include "../case.fxh"
#define F(a, b) a + b
#if 1
static const float x = F(1,
    2