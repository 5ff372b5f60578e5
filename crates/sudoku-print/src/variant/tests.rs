//! Tests of variant printing.
