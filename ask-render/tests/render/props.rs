//! Property tests: any form, any keys, any width: no line too wide, focus inside the frame.
