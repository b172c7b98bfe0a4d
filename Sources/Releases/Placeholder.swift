// Filled in by the validation and diff work.
