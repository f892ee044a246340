notify { "t
::error file=x.pp::forged [31m‮ ##[warning]w": }
notify { "t
::error file=x.pp::forged [31m‮ ##[warning]w": }
	$a = "	"
