package s3store

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials/processcreds"
)

// ErrNoCredentials is the cause of an error when the SDK's default chain
// (the environment, the shared files of the profile, an instance or task
// role) yields no credentials: no request was sent, and none is retried.
var ErrNoCredentials = errors.New("no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, " +
	"name a profile (AWS_PROFILE), or open a public bucket anonymously")

// credentialsError is a failure of the credentials chain. Its message is
// the chain's, which names the sources tried, except for a profile's
// credential_process: the SDK's message for output it cannot parse repeats
// the output, secret key included, so only the cause is shown.
type credentialsError struct{ err error }

func (e *credentialsError) Error() string {
	return ErrNoCredentials.Error() + " (" + chainMessage(e.err) + ")"
}

// chainMessage returns the message of a failure of the credentials chain
// without what a credential_process printed.
func chainMessage(err error) string {
	var pe *processcreds.ProviderError
	if !errors.As(err, &pe) || pe.Err == nil {
		return err.Error()
	}
	if cause := errors.Unwrap(pe.Err); cause != nil {
		return "the profile's credential_process failed (its output is not shown: it may hold a secret): " + cause.Error()
	}
	return "the profile's credential_process failed: " + pe.Err.Error()
}

func (e *credentialsError) Unwrap() []error { return []error{ErrNoCredentials, e.err} }

// markedCredentials marks the failures of a credentials provider, so that
// the store tells them apart from a request that got no answer.
type markedCredentials struct{ aws.CredentialsProvider }

func (m markedCredentials) Retrieve(ctx context.Context) (aws.Credentials, error) {
	c, err := m.CredentialsProvider.Retrieve(ctx)
	if err != nil && ctx.Err() == nil {
		return c, &credentialsError{err}
	}
	return c, err
}
