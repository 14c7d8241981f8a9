package main

func scaleoffsetSet() string { return "" }
