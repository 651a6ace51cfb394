# fairygen_add_variants(TARGET <name> SPEC <file.yaml> [VARIANTS <key>...] [SHARDS <n>] [PERFT_TESTS])
#
# Generates the move-generation modules of a spec's variants at build time (again whenever the
# spec, a file it includes, the templates or fairygen change) and compiles them against
# fairygen::runtime into the static library <name>. A program linking <name> finds its variants
# by key: fairy::find_compiled("key") (runtime/registry.hpp).
#
# - SPEC: relative to the calling CMakeLists.txt's directory. It may include other spec files
#   (docs/spec.md), e.g. fairygen's own catalogue for its King and Queen.
# - VARIANTS: the keys to build; default: those the spec file itself declares (or every one, for
#   a file that only includes others). The list lives in the YAML alone: the build compiles a
#   fixed set of SHARDS files (default 4), each including the modules of the variants whose key
#   hashes to it, so a variant added to the spec needs no CMake edit.
# - PERFT_TESTS: adds the test <name>_perft, a program that checks every perft: entry of the
#   built variants against the generated modules (depths marked slow too).
# A spec with errors fails the build with fairygen's file:line:column message.
#
# Works the same with an installed fairygen (find_package) and with fairygen built in the same
# project (add_subdirectory or FetchContent).
function(fairygen_add_variants)
  cmake_parse_arguments(PARSE_ARGV 0 arg "PERFT_TESTS" "TARGET;SPEC;SHARDS" "VARIANTS")
  set(usage "usage: fairygen_add_variants(TARGET <name> SPEC <file.yaml> [VARIANTS <key>...] [SHARDS <n>] [PERFT_TESTS])")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "fairygen_add_variants: unknown arguments '${arg_UNPARSED_ARGUMENTS}'; ${usage}")
  endif()
  foreach(required TARGET SPEC)
    if(NOT arg_${required})
      message(FATAL_ERROR "fairygen_add_variants: ${required} is missing; ${usage}")
    endif()
  endforeach()
  set(name ${arg_TARGET})
  if(TARGET ${name})
    message(FATAL_ERROR "fairygen_add_variants: a target '${name}' exists already (TARGET names the library to create)")
  endif()
  get_filename_component(spec "${arg_SPEC}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${spec}" OR IS_DIRECTORY "${spec}")
    message(FATAL_ERROR "fairygen_add_variants(${name}): spec '${arg_SPEC}' not found (${spec})")
  endif()
  set(shards 4)
  if(arg_SHARDS)
    if(NOT arg_SHARDS MATCHES "^[1-9][0-9]?$" OR arg_SHARDS GREATER 64)
      message(FATAL_ERROR "fairygen_add_variants(${name}): SHARDS must be a whole number from 1 to 64")
    endif()
    set(shards ${arg_SHARDS})
  endif()
  set(select)
  if(arg_VARIANTS)
    list(JOIN arg_VARIANTS "," keys)
    set(select --variants "${keys}")
  endif()
  get_property(templates GLOBAL PROPERTY FAIRYGEN_TEMPLATE_DIR)
  get_property(registry GLOBAL PROPERTY FAIRYGEN_REGISTRY_SOURCE)

  set(out "${CMAKE_CURRENT_BINARY_DIR}/${name}_fairygen")
  set(modules)
  math(EXPR last "${shards} - 1")
  foreach(i RANGE ${last})
    list(APPEND modules "${out}/modules_${i}.cpp")
  endforeach()
  file(GLOB template_files CONFIGURE_DEPENDS "${templates}/*.in")
  get_filename_component(spec_name "${spec}" NAME)
  # The modules and headers of each variant are written beside the shards that include them;
  # the compiler's dependency scan tracks them, and fairygen rewrites only files whose text changed.
  add_custom_command(
    OUTPUT ${modules} "${out}/registry.cpp"
    BYPRODUCTS "${out}/perft_main.cpp" "${out}/perft_cases.hpp"
    COMMAND fairygen::fairygen --spec "${spec}" --spec-name "${spec_name}" --templates "${templates}" --out "${out}"
            --shards ${shards} ${select} --depfile "${out}/fairygen.d"
    DEPENDS "${spec}" ${template_files} fairygen::fairygen $<TARGET_FILE:fairygen::fairygen>
    DEPFILE "${out}/fairygen.d"
    COMMENT "fairygen: generating ${name} from ${spec_name}"
    VERBATIM)
  add_library(${name} STATIC ${modules} "${out}/registry.cpp" "${registry}")
  target_include_directories(${name} PUBLIC "${out}")
  target_link_libraries(${name} PUBLIC fairygen::runtime)
  # GCC's strlen pass has no strings to work on in a move generator, but on the largest boards it
  # takes half the compile (terachess2: 60 of 140 s at -O3).
  target_compile_options(${name} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-fno-optimize-strlen>)
  set_target_properties(${name} PROPERTIES FAIRYGEN_OUTPUT_DIR "${out}")

  if(arg_PERFT_TESTS)
    add_executable(${name}_perft "${out}/perft_main.cpp")
    target_link_libraries(${name}_perft PRIVATE ${name})
    add_test(NAME ${name}_perft COMMAND ${name}_perft --all)
  endif()
endfunction()
