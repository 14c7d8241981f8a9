package numeric

// f32IntoSmallFloat returns the fast float32 kernel into f, or nil where
// there is none for spec (S not float32).
func f32IntoSmallFloat[S CastElement](f *smallFormat, spec CastSpec) kernel[float32, uint8] {
	var z S
	if _, ok := any(z).(float32); !ok {
		return nil
	}
	return nil
}
