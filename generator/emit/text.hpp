// Spec text (or command-line text) written into generated C++: as a string literal or as the
// body of a one-line comment, so that it can never break out of either.
#pragma once

#include <string>

namespace fairygen::emit {

// Quotes and backslashes escaped, anything outside printable ASCII as an octal escape.
std::string c_string(const std::string& s);

// One line (line breaks and tabs become spaces, other bytes outside printable ASCII '?'), no
// '\\' that could splice the next line into a // comment, no "*/" that could end a /* comment.
std::string comment(const std::string& s);

}  // namespace fairygen::emit
