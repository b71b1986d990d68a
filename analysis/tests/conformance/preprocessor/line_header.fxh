// Included by line_directive_in_header.fx (not a case itself): its #line renumbers only its own lines.
#line 500
float LineHeaderValue() { return 1; }
