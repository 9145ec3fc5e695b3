"""The page's main thread: the thin MicroPython layer (static/page/layer.py), started by main.py."""
