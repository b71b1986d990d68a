// Included by line_directive_header_error.fx (not a case itself): an error after its #line.
#line 500
float LineHeaderError() { return ; }
