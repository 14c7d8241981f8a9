package main

import (
	"context"
	"errors"

	"github.com/zcodec/zcodec/advisor"
)

// writeAdvicePictures draws advise --plot and --error-map; this build
// draws neither.
func writeAdvicePictures(ctx context.Context, env *environment, r *advisor.Report, sample *advisor.Sample, plotPath, errorMapPath string) error {
	if plotPath == "" && errorMapPath == "" {
		return nil
	}
	return errors.New("--plot and --error-map are not available in this build")
}
