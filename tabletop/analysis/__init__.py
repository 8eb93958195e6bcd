"""What a designer learns from many games: check, simulate, stats, solve."""
