# cmake -DPROGRAM=<sample> -DOUTPUT=<file> -P capture_output.cmake
# Runs a sample on the CPU emulator and saves what it printed; fails if the sample fails.
execute_process(COMMAND "${PROGRAM}" --backend host
  OUTPUT_FILE "${OUTPUT}" ERROR_VARIABLE errors RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --backend host failed (${rc}): ${errors}")
endif()
