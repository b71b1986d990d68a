// a switch cut off at the end of the file inside a case: its statements are checked as read (the undeclared name first)
#include "../case.fxh"
float Gray(float3 color, int mode)
{
    switch (mode)
    {
    case 0:
        return dot(color, 0.333);
    case 2:
        return dot(colo