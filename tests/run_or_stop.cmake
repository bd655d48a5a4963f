# run(<command> <arguments>...): runs the command; its standard output in `output`. A command
# that fails stops the script with its command line, status and output. Included by the
# build_and_run.cmake scripts of the projects the tests build (cmake -P).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command} failed (${status}):\n${out}\n${err}")
  endif()
  set(output "${out}" PARENT_SCOPE)
endfunction()
