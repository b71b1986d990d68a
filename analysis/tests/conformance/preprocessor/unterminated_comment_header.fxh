// A header whose last block comment is never closed (preprocessor/include_unterminated_comment.fx).
#define HEADER_VALUE 0.5
/* open at the end of the header
