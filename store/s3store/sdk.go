package s3store

import (
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var (
	_ = config.LoadDefaultConfig
	_ = s3.NewFromConfig
)
