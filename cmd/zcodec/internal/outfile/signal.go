package outfile

import (
	"os"
	"os/signal"
	"syscall"
)

// RemoveOnSignal makes SIGINT and SIGTERM remove the temporary files of
// every unfinished File before the process dies of the signal, as it
// would have without the handler. The returned function stops handling
// the signals.
func RemoveOnSignal() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			RemoveTemporaries()
			signal.Reset(sig)
			if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(sig) == nil {
				select {} // the re-raised signal ends the process
			}
			os.Exit(2)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
