# Writes a program's man page from its own --help, so the two cannot
# disagree. Script mode:
#   cmake -DPROGRAM=... -DNAME=... -DSECTION=6 -DVERSION=... -DSUMMARY=...
#         [-DCOMMANDS=a,b,c] -DOUT=file.6.gz -P man-page.cmake
# COMMANDS: subcommands whose `PROGRAM <command> --help` gets a section each.
foreach(var PROGRAM NAME SECTION VERSION SUMMARY OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "man-page.cmake: ${var} is not set")
  endif()
endforeach()

# Text as roff, kept as laid out: backslashes escaped, and a line that
# starts with a period or an apostrophe (a roff request) guarded.
function(roff_block text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

function(help_of out)
  execute_process(COMMAND ${PROGRAM} ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc
                  ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man-page.cmake: '${PROGRAM} ${ARGN} --help' failed (${rc}): ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REPLACE "," ";" COMMANDS "${COMMANDS}")
string(TOUPPER "${NAME}" upper)
help_of(main)
roff_block("${main}" main_roff)
set(page ".TH ${upper} ${SECTION} \"\" \"${NAME} ${VERSION}\" \"Games\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${SUMMARY}\n")
string(APPEND page ".SH SYNOPSIS AND OPTIONS\n${main_roff}")
foreach(command IN LISTS COMMANDS)
  help_of(text ${command})
  roff_block("${text}" roff)
  string(TOUPPER "${command}" title)
  string(APPEND page ".SH ${title}\n${roff}")
endforeach()
string(APPEND page ".SH SEE ALSO\nThe documentation in /usr/share/doc/parity and the project's docs/ folder.\n")

get_filename_component(dir "${OUT}" DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" plain "${OUT}")
file(WRITE "${plain}" "${page}")
# Debian installs man pages compressed.
file(ARCHIVE_CREATE OUTPUT "${OUT}" PATHS "${plain}" FORMAT raw COMPRESSION GZip)
