[File.join("a", "b"), File.join("a/", "/b"), File.join("", "x"), File.join(["a", ["b", "c"]], "d"), File.join("/etc/", "x.conf"),
 File.basename("/a/b/c.rb"), File.basename("/a/b/c.rb", ".rb"), File.basename("c.tar.gz", ".*"), File.basename("/"), File.basename("a/b/"),
 File.dirname("/a/b/c.rb"), File.dirname("c.rb"), File.dirname("/c"), File.dirname("a/b/"), File.extname("x/y.conf"),
 File.extname(".bashrc"), File.extname("noext"), File.extname("a.b/c")]
