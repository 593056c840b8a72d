package engine

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// cgroupLimitFiles hold the memory limit of the process's control group,
// under cgroup v2 and v1, as a container sees them.
var cgroupLimitFiles = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}

// systemMemory returns the physical memory from sysinfo(2), or the memory
// limit of the process's control group when that is lower.
func systemMemory() (uint64, bool) {
	var info unix.Sysinfo_t
	if err := unix.Sysinfo(&info); err != nil || info.Totalram == 0 {
		return 0, false
	}
	total := uint64(info.Totalram) * uint64(max(info.Unit, 1))
	for _, name := range cgroupLimitFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		// "max" (v2) or a huge number (v1) means no limit; both leave total.
		if limit, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64); err == nil && limit > 0 {
			total = min(total, limit)
		}
	}
	return total, true
}
