# cmake -DPYTHON=... -DTRANSLATOR=... -DSIMT_INCLUDE=... -DKERNELS=<file> -DEXPECTED=<text>
#       -DOUTPUT=<dir> -P expect_refusal.cmake
# Translates KERNELS and passes only if simt-translate refuses it with one clear message:
# "<file>:<line>:<column>: error: ...EXPECTED..." naming the line marked "refused here".
file(STRINGS "${KERNELS}" lines)
set(number 0)
set(marked 0)
foreach(line IN LISTS lines)
  math(EXPR number "${number} + 1")
  if(line MATCHES "refused here")
    set(marked ${number})
  endif()
endforeach()
execute_process(
  COMMAND "${PYTHON}" "${TRANSLATOR}" "${KERNELS}" --header "${OUTPUT}/refused.hpp"
          --source "${OUTPUT}/refused.cpp" --simt-include "${SIMT_INCLUDE}"
  RESULT_VARIABLE status ERROR_VARIABLE errors OUTPUT_VARIABLE output)
if(status EQUAL 0)
  message(FATAL_ERROR "${KERNELS} was translated; it should have been refused")
endif()
string(REGEX MATCH "^[^\n]*" first "${errors}")
if(NOT first MATCHES "^${KERNELS}:${marked}:[0-9]+: error: .*${EXPECTED}")
  message(FATAL_ERROR "expected ${KERNELS}:${marked}: error: ...${EXPECTED}..., got:\n${errors}")
endif()
if(errors MATCHES "Traceback")
  message(FATAL_ERROR "the translator crashed:\n${errors}")
endif()
message(STATUS "refused as expected: ${first}")
