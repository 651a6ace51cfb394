// The page's files (server/web/), embedded into the binary at build time by embed.cmake.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fairy::server {

struct WebAsset {
  std::string path;  // "/index.html", "/app.js"
  const char* type;  // Content-Type
  const char* data;
  std::size_t size;
};

const std::vector<WebAsset>& web_assets();

}  // namespace fairy::server
