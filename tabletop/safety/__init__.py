"""Reading what anyone may hand us, within limits: files, sizes, depths."""
