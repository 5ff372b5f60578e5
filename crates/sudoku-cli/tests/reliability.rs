//! Issue 15.
