# tutorial_target_defaults(<target> [NOT_SANITIZED])
# C++20 for host and CUDA code, warnings on (and errors with TUTORIAL_WARNINGS_AS_ERRORS),
# optional host sanitizers (NOT_SANITIZED: third-party code the sanitized targets link, compiled
# without them). Every target of the project goes through this one function.
function(tutorial_target_defaults target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NOT_SANITIZED" "" "")
  set_target_properties(${target} PROPERTIES
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON CUDA_EXTENSIONS OFF)
  set(host_warnings -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 warns about std::string concatenation at -O2/-O3 (false positive, GCC bug 105329).
    list(APPEND host_warnings -Wno-restrict)
  endif()
  list(JOIN host_warnings "," host_warnings_csv)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:${host_warnings}>
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${host_warnings_csv}>)
  if(TUTORIAL_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-Werror>
      $<$<COMPILE_LANGUAGE:CUDA>:--Werror=all-warnings>)
  endif()
  if(TUTORIAL_SANITIZE AND NOT arg_NOT_SANITIZED)
    # One -Xcompiler per flag: nvcc splits -Xcompiler lists at commas.
    set(san -fsanitize=address -fsanitize=undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=all)
    list(TRANSFORM san PREPEND "-Xcompiler=" OUTPUT_VARIABLE cuda_san)
    target_compile_options(${target} PRIVATE
      "$<$<COMPILE_LANGUAGE:CXX>:${san}>"
      "$<$<COMPILE_LANGUAGE:CUDA>:${cuda_san}>")
    target_link_options(${target} PRIVATE ${san})
  endif()
endfunction()
