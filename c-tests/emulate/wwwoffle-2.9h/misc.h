/***************************************
  Emulation of the header of an old WWWOFFLE 2.9h program (the URL part of
  its misc.h), written for the wwwurl tests.  It declares the URL record and
  the URL functions the way such a program does, on its own, without any
  wwwurl header: the program then reads every field of the record that the
  library hands it with the offsets of this declaration.

  WWWOFFLE 2.9h layout: 19 fields, the four original_* fields first, then
  the same 15 as in 2.9.
  This version has FixHTMLLinkURL() and not URLReplaceAmp().
  ***************************************/

#ifndef MISC_H
#define MISC_H    /*+ To stop multiple inclusions. +*/

/*+ Tells the program which version's header it was built with. +*/
#define EMULATE_29H 1

/*+ A URL, split into its parts. +*/
typedef struct _URL
{
 char *original_name;           /*+ The URL as split, before any decoding. +*/
 char *original_pathp;          /*+ Where the path starts in original_name. +*/
 char *original_path;           /*+ The path as split. +*/
 char *original_args;           /*+ The arguments as split, or NULL. +*/

 char *name;                    /*+ The canonical URL, without user and password. +*/
 char *file;                    /*+ The URL with user and password (== name without a user). +*/

 char *hostp;                   /*+ Where the host starts in name. +*/
 char *pathp;                   /*+ Where the path starts in name. +*/

 char *proto;                   /*+ The protocol. +*/
 char *hostport;                /*+ The host and port (port only if not the default). +*/
 char *path;                    /*+ The path. +*/
 char *args;                    /*+ The arguments, or NULL. +*/

 char *user;                    /*+ The user name, or NULL. +*/
 char *pass;                    /*+ The password, or NULL. +*/

 char *host;                    /*+ The host alone (== hostport without a port). +*/
 int   port;                    /*+ The port number, or -1. +*/

 char *private_link;            /*+ Set by the program: the link name. +*/
 char *private_dir;             /*+ Set by the program: the cache directory. +*/
 char *private_file;            /*+ Set by the program: the cache file. +*/
}
URL;


/* Functions in the URL library. */

URL *SplitURL(const char *url);
URL *CreateURL(const char *proto,const char *hostport,const char *path,const char *args,const char *user,const char *pass);
void FreeURL(URL *Url);

void AddPasswordURL(URL *Url,const char *user,const char *pass);
URL *LinkURL(const URL *Url,const char *link);

char *MakeHash(const char *args);

char *CanonicaliseHost(const char *host);

char *URLDecodeGeneric(const char *str);
char *URLEncodePath(const char *str);

char *FixHTMLLinkURL(const char *str);


/* Functions that the program itself provides and the URL library calls. */

char *GetLocalHostPort(void);
int DefaultPort(const URL *Url);

#endif /* MISC_H */
