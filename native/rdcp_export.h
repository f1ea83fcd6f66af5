/* Marks the functions librdcpshim.so exports; everything else is hidden (-fvisibility=hidden). */
#ifndef RDCP_EXPORT_H
#define RDCP_EXPORT_H

#define RDCP_EXPORT __attribute__((visibility("default")))

#endif
