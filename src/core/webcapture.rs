//! The Web Capture canonical URL form (PDF reference, "URL Strings").
