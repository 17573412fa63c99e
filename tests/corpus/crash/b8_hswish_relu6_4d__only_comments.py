# just a comment
# nothing else
