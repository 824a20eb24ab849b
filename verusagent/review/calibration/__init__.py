"""Calibration: the review threshold from labelled history, where verus gave the label.

Labels from JSONL files and shadow-mode runs (``labels``), the order-statistic threshold that keeps the false
negative rate at most tau (``threshold``), the resampling protocol (``resample``), the calibration from labels
and its report (``report``, ``render``), and the calibration file the review reads (``file``).
"""
