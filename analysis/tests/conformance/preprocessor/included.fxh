// Included by the preprocessor cases (not a case itself).
float IncludedValue() { return 1; }
