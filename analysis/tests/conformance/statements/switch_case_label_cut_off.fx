// a case label cut off before its colon at the end of the file: the label is checked as read (the undeclared name first)
#include "../case.fxh"
float Shape(float2 uv, int mode)
{
    switch (mode)
    {
    case 0:
        return uv.x;
    case V