// Package cmdline words what c4 says about a command line it refuses: an
// error of the flag package in c4's terms ([FlagError]: an unknown flag
// named as it was typed, with the flag meant when it is a near miss) and
// the near miss of a name ([Suggest]: "did you mean analyze?" for
// "analyse").
package cmdline
