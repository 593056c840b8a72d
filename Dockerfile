# The image of c4: a static binary on an empty base, run as a non-root user,
# serving the web page and JSON API on port 8080 (c4 serve --addr :8080).
#
#   docker build -t fourgen:dev --build-arg VERSION=$(git describe --tags --always --dirty) .
#   docker run --rm -p 8080:8080 fourgen:dev           # http://localhost:8080/, /healthz
#   docker run --rm fourgen:dev analyze 4453           # any other subcommand
#   docker build -t fourgen:8x7 --build-arg SIZE=8x7 .  # c4 of the 8×7 board
#
# podman and buildah read this file as it is. GO_IMAGE names the build
# stage's Go toolchain (Go 1.26 or later, as go.mod says).
ARG GO_IMAGE=docker.io/library/golang:1.26

FROM ${GO_IMAGE} AS build
WORKDIR /src
# The modules first, in a layer of their own that changes only with go.sum.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The build context has no .git (.dockerignore): VERSION names the build.
# SIZE=WxH builds c4 for another board, as make c4 SIZE=WxH does (gen
# -overlay; docs/sizes.md): --build-arg SIZE=8x7.
ARG VERSION=dev
ARG SIZE=
RUN set -e; overlay=; \
	if [ -n "$SIZE" ]; then \
		(cd engine/board && go run ../../gen -width "${SIZE%x*}" -height "${SIZE#*x}" -pkg board -out . -overlay /tmp/gen/overlay.json); \
		overlay=-overlay=/tmp/gen/overlay.json; \
	fi; \
	CGO_ENABLED=0 go build -trimpath -buildvcs=false $overlay \
	-ldflags "-s -w -X main.version=${VERSION}" -o /out/c4 ./cmd/c4

FROM scratch
COPY --from=build /out/c4 /c4
COPY LICENSE /LICENSE
# 65532 is the conventional "nonroot" user of static images; scratch has no
# /etc/passwd, so it is given by number.
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/c4"]
CMD ["serve", "--addr", ":8080"]
