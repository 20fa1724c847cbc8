//! Tests (filled below).
