"""MediaPipe tracker bridge."""
