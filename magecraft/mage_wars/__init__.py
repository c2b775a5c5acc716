"""Mage Wars solo: the Dummy Mage (seed 003) on a compact Mage Wars Arena."""
