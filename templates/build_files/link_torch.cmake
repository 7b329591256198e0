target_link_libraries(${library} PRIVATE torch)
