// The input list of lpai-net-run: one line per inference, files in graph input order, space
// separated, each either a path or name:=path (matched to the graph input of that name). Blank
// lines and lines starting with '#' are skipped; a trailing '\r' is dropped. A relative path
// that does not exist as given is taken relative to the list's folder.
#ifndef LPAI_HOST_CONFIG_INPUT_LIST_H
#define LPAI_HOST_CONFIG_INPUT_LIST_H

#include <cstdint>
#include <string>
#include <vector>

#include "common/host_result.h"

namespace lpai {
namespace host {

// Input lists larger than this are refused before they are read.
constexpr uint64_t kMaxInputListBytes = 64u << 20;

// The inference lines of an input list's text (comments and blank lines removed).
std::vector<std::string> input_list_lines(const std::string& text);

// Resolves one line against the graph's input names: (*files)[k] is the file of input k.
// Fails with one line (model and file text escaped) on an unknown input name, a
// missing or surplus file, or an input named twice. Never throws, whatever the paths are
// (symlink loops, components over NAME_MAX bytes).
HostStatus parse_input_list_line(const std::string& line,
                                 const std::vector<std::string>& input_names,
                                 const std::string& base_dir, std::vector<std::string>* files);

// File names of a graph's outputs under Result_<k>/, unique and reversible:
//   - each byte of the tensor name outside [A-Za-z0-9._:+=,@-] (also '/', '%', '~', ' ', bytes
//     >= 0x80) is written as %XX (two uppercase hex digits); an empty name is written "output";
//   - a name already taken by an earlier output, or one whose file name would exceed 255 bytes
//     (NAME_MAX; the name is cut to 200 bytes first), gets "~<output index>" appended;
//   - ".raw" ends every name.
// So "a/b" -> "a%2Fb.raw" and "a_b" -> "a_b.raw"; two outputs named "y" -> "y.raw", "y~1.raw";
// decoding strips ".raw" and any "~<index>" and undoes %XX. No two outputs share a file.
std::vector<std::string> output_file_names(const std::vector<std::string>& tensor_names);

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_CONFIG_INPUT_LIST_H
